import CPostgres
import Foundation

/// The libpq functions `PostgresConnection` calls, found in the library opened at the first connection
/// rather than at start (as `CurlLibrary` does for libcurl): libpq brings libssl, Kerberos and LDAP
/// with it, and linking them into every run cost each start of mapterm about 15 ms of symbol lookups,
/// though most runs never open a PostGIS database.
// @unchecked: C function pointers from the dlopen(3)ed libpq, immutable once found.
struct PostgresLibrary: @unchecked Sendable {
    typealias Connection = OpaquePointer
    typealias Result = OpaquePointer
    typealias Strings = UnsafePointer<UnsafePointer<CChar>?>

    let connectdbParams: @convention(c) (Strings?, Strings?, Int32) -> Connection?
    let status: @convention(c) (Connection?) -> ConnStatusType
    let errorMessage: @convention(c) (Connection?) -> UnsafeMutablePointer<CChar>?
    let finish: @convention(c) (Connection?) -> Void
    let setNoticeProcessor:
        @convention(c) (Connection?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor?
    let exec: @convention(c) (Connection?, UnsafePointer<CChar>?) -> Result?
    let execParams:
        @convention(c) (
            Connection?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, Strings?, UnsafePointer<Int32>?,
            UnsafePointer<Int32>?, Int32
        ) -> Result?
    let clear: @convention(c) (Result?) -> Void
    let resultStatus: @convention(c) (Result?) -> ExecStatusType
    let resultErrorMessage: @convention(c) (Result?) -> UnsafeMutablePointer<CChar>?
    let resultErrorField: @convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>?
    let ntuples: @convention(c) (Result?) -> Int32
    let nfields: @convention(c) (Result?) -> Int32
    let getisnull: @convention(c) (Result?, Int32, Int32) -> Int32
    let getvalue: @convention(c) (Result?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    let getlength: @convention(c) (Result?, Int32, Int32) -> Int32
    let putCopyData: @convention(c) (Connection?, UnsafePointer<CChar>?, Int32) -> Int32
    let putCopyEnd: @convention(c) (Connection?, UnsafePointer<CChar>?) -> Int32
    let getResult: @convention(c) (Connection?) -> Result?
    let reset: @convention(c) (Connection?) -> Void

    /// The library, opened once; nil when it is not installed or lacks a function.
    static let shared: PostgresLibrary? = open()

    /// The sonames tried, in order.
    static let names = ["libpq.so.5", "libpq.so"]

    private static func open() -> PostgresLibrary? {
        guard let library = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else { return nil }
        func symbol<T>(_ name: String) -> T? { dlsym(library, name).map { unsafeBitCast($0, to: T.self) } }
        guard
            let connectdbParams: @convention(c) (Strings?, Strings?, Int32) -> Connection? = symbol(
                "PQconnectdbParams"),
            let status: @convention(c) (Connection?) -> ConnStatusType = symbol("PQstatus"),
            let errorMessage: @convention(c) (Connection?) -> UnsafeMutablePointer<CChar>? = symbol("PQerrorMessage"),
            let finish: @convention(c) (Connection?) -> Void = symbol("PQfinish"),
            let setNoticeProcessor:
                @convention(c) (Connection?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor? =
                symbol("PQsetNoticeProcessor"),
            let exec: @convention(c) (Connection?, UnsafePointer<CChar>?) -> Result? = symbol("PQexec"),
            let execParams:
                @convention(c) (
                    Connection?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, Strings?, UnsafePointer<Int32>?,
                    UnsafePointer<Int32>?, Int32
                ) -> Result? = symbol("PQexecParams"),
            let clear: @convention(c) (Result?) -> Void = symbol("PQclear"),
            let resultStatus: @convention(c) (Result?) -> ExecStatusType = symbol("PQresultStatus"),
            let resultErrorMessage: @convention(c) (Result?) -> UnsafeMutablePointer<CChar>? = symbol(
                "PQresultErrorMessage"),
            let resultErrorField: @convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>? = symbol(
                "PQresultErrorField"),
            let ntuples: @convention(c) (Result?) -> Int32 = symbol("PQntuples"),
            let nfields: @convention(c) (Result?) -> Int32 = symbol("PQnfields"),
            let getisnull: @convention(c) (Result?, Int32, Int32) -> Int32 = symbol("PQgetisnull"),
            let getvalue: @convention(c) (Result?, Int32, Int32) -> UnsafeMutablePointer<CChar>? = symbol("PQgetvalue"),
            let getlength: @convention(c) (Result?, Int32, Int32) -> Int32 = symbol("PQgetlength"),
            let putCopyData: @convention(c) (Connection?, UnsafePointer<CChar>?, Int32) -> Int32 = symbol(
                "PQputCopyData"),
            let putCopyEnd: @convention(c) (Connection?, UnsafePointer<CChar>?) -> Int32 = symbol("PQputCopyEnd"),
            let getResult: @convention(c) (Connection?) -> Result? = symbol("PQgetResult"),
            let reset: @convention(c) (Connection?) -> Void = symbol("PQreset")
        else { return nil }
        return PostgresLibrary(
            connectdbParams: connectdbParams, status: status, errorMessage: errorMessage, finish: finish,
            setNoticeProcessor: setNoticeProcessor, exec: exec, execParams: execParams, clear: clear,
            resultStatus: resultStatus, resultErrorMessage: resultErrorMessage, resultErrorField: resultErrorField,
            ntuples: ntuples, nfields: nfields, getisnull: getisnull, getvalue: getvalue, getlength: getlength,
            putCopyData: putCopyData, putCopyEnd: putCopyEnd, getResult: getResult, reset: reset)
    }
}
