// ncursesw for Swift: wide-character API switched on before the header, and static inline
// wrappers for the macros Swift cannot import. Every name here starts with `mt_`.
#ifndef MAPTERM_CNCURSES_SHIM_H
#define MAPTERM_CNCURSES_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/ncurses.h>

int wcwidth(wchar_t c);

static inline WINDOW *mt_stdscr(void) { return stdscr; }
static inline int mt_lines(void) { return LINES; }
static inline int mt_cols(void) { return COLS; }
static inline int mt_colors(void) { return COLORS; }
static inline int mt_color_pairs(void) { return COLOR_PAIRS; }

static inline WINDOW *mt_curscr(void) { return curscr; }
static inline FILE *mt_stdin(void) { return stdin; }
static inline FILE *mt_stdout(void) { return stdout; }

static inline attr_t mt_a_normal(void) { return A_NORMAL; }
static inline attr_t mt_a_bold(void) { return A_BOLD; }
static inline attr_t mt_a_reverse(void) { return A_REVERSE; }
static inline attr_t mt_a_dim(void) { return A_DIM; }
static inline attr_t mt_a_underline(void) { return A_UNDERLINE; }

static inline mmask_t mt_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t mt_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t mt_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t mt_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t mt_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t mt_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t mt_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }

static inline int mt_key_f(int n) { return KEY_F(n); }

#endif
