import Testing

/// Every test that opens an ncurses screen, run one at a time: the interrupt flag they poll is
/// process-wide. The tests live in extensions (drawing, input, byte budget).
@Suite(.serialized) struct TerminalScreenTests {}
