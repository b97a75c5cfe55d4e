import CCurl
import Foundation

/// The libcurl functions `CurlTransfer` calls, found in the library opened at the first transfer rather
/// than at start (see `CCurl/shim.h`): a run that never goes on the network never loads it.
// @unchecked: C function pointers from the dlopen(3)ed libcurl, immutable once found.
struct CurlLibrary: @unchecked Sendable {
    typealias Handle = UnsafeMutableRawPointer
    typealias List = UnsafeMutablePointer<curl_slist>

    let easyInit: @convention(c) () -> Handle?
    let easyCleanup: @convention(c) (Handle?) -> Void
    let easyPerform: @convention(c) (Handle?) -> CURLcode
    let easyStrerror: @convention(c) (CURLcode) -> UnsafePointer<CChar>?
    let slistAppend: @convention(c) (List?, UnsafePointer<CChar>?) -> List?
    let slistFreeAll: @convention(c) (List?) -> Void
    /// `curl_easy_setopt` and `curl_easy_getinfo`, variadic: called through the shim's typed wrappers.
    let setopt: UnsafeMutableRawPointer
    let getinfo: UnsafeMutableRawPointer

    /// The library, opened and initialised once (`curl_global_init`); nil when it cannot be opened or
    /// lacks a function.
    static let shared: CurlLibrary? = open()

    /// The sonames tried, in order.
    static let names = ["libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"]

    private static func open() -> CurlLibrary? {
        guard let library = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        typealias GlobalInit = @convention(c) (Int) -> CURLcode
        guard let globalInit = symbol("curl_global_init", as: GlobalInit.self),
            let easyInit = symbol("curl_easy_init", as: (@convention(c) () -> Handle?).self),
            let easyCleanup = symbol("curl_easy_cleanup", as: (@convention(c) (Handle?) -> Void).self),
            let easyPerform = symbol("curl_easy_perform", as: (@convention(c) (Handle?) -> CURLcode).self),
            let easyStrerror = symbol(
                "curl_easy_strerror", as: (@convention(c) (CURLcode) -> UnsafePointer<CChar>?).self),
            let slistAppend = symbol(
                "curl_slist_append", as: (@convention(c) (List?, UnsafePointer<CChar>?) -> List?).self),
            let slistFreeAll = symbol("curl_slist_free_all", as: (@convention(c) (List?) -> Void).self),
            let setopt = dlsym(library, "curl_easy_setopt"), let getinfo = dlsym(library, "curl_easy_getinfo"),
            globalInit(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
        else { return nil }
        return CurlLibrary(
            easyInit: easyInit, easyCleanup: easyCleanup, easyPerform: easyPerform, easyStrerror: easyStrerror,
            slistAppend: slistAppend, slistFreeAll: slistFreeAll, setopt: setopt, getinfo: getinfo)
    }
}
