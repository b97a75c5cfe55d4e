// libcurl for Swift, opened on demand: the process is not linked with libcurl, whose some thirty
// libraries (TLS, SSH, LDAP, IDN...) would cost every start about 7 ms; `CurlLibrary` opens it with
// dlopen at the first transfer. The header gives libcurl's types and constants only.
// `curl_easy_setopt` and `curl_easy_getinfo` are variadic, which Swift cannot call, so each argument type
// gets a typed wrapper that calls the function found by dlsym (passed as `function`).
#ifndef MAPTERM_CCURL_SHIM_H
#define MAPTERM_CCURL_SHIM_H
#include <curl/curl.h>

typedef CURLcode (*mt_curl_setopt_function)(CURL *, CURLoption, ...);
typedef CURLcode (*mt_curl_getinfo_function)(CURL *, CURLINFO, ...);

static inline CURLcode mt_curl_set_long(void *function, CURL *handle, CURLoption option, long value) {
    return ((mt_curl_setopt_function)function)(handle, option, value);
}

static inline CURLcode mt_curl_set_offset(void *function, CURL *handle, CURLoption option, curl_off_t value) {
    return ((mt_curl_setopt_function)function)(handle, option, value);
}

static inline CURLcode mt_curl_set_pointer(void *function, CURL *handle, CURLoption option, const void *value) {
    return ((mt_curl_setopt_function)function)(handle, option, value);
}

static inline CURLcode mt_curl_set_write_function(void *function, CURL *handle, curl_write_callback callback) {
    return ((mt_curl_setopt_function)function)(handle, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode mt_curl_set_header_function(void *function, CURL *handle, curl_write_callback callback) {
    return ((mt_curl_setopt_function)function)(handle, CURLOPT_HEADERFUNCTION, callback);
}

static inline CURLcode mt_curl_set_progress_function(
    void *function, CURL *handle, curl_xferinfo_callback callback) {
    return ((mt_curl_setopt_function)function)(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode mt_curl_get_long(void *function, CURL *handle, CURLINFO info, long *value) {
    return ((mt_curl_getinfo_function)function)(handle, info, value);
}

#endif
