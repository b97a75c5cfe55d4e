import Foundation
import Places
import TextSafety

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Performs one HTTP GET on URLSession with a deadline and a body size limit, mapping every failure to
/// `PlaceSourceError` (or `CancellationError` when the calling task is cancelled).
///
/// Each fetch uses its own ephemeral session (no cache, no cookies) with a delegate that counts the body
/// as it arrives, so an oversized body is refused without being buffered, and a timer that enforces the
/// deadline even when the server sends headers and then stalls.
struct HTTPFetcher: Sendable {
    /// Seconds the whole request may take, from start to the last byte.
    var timeout: TimeInterval
    /// Largest accepted body in bytes.
    var maxBodyBytes: Int

    /// The body of a 200 response.
    func get(_ url: URL) async throws -> Data {
        // Our own timer enforces `timeout` exactly. URLSession's timeouts are only a backstop set a little
        // later: swift-corelibs-foundation truncates them to whole seconds (0.5 s would fire at once).
        let backstop = timeout.rounded(.up) + 1
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = backstop
        configuration.timeoutIntervalForResource = backstop
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        if LoopbackProxyBypass.isLoopback(url) {
            configuration.connectionProxyDictionary = [:]
            LoopbackProxyBypass.apply()
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: backstop)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("mapterm", forHTTPHeaderField: "User-Agent")

        let collector = ResponseCollector(maxBodyBytes: maxBodyBytes)
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
                collector.start(task: task, timeout: timeout, continuation: continuation)
            }
        } onCancel: {
            collector.finish(.failure(CancellationError()))
        }
    }
}

/// The delegate of one fetch: gathers the body and resumes the continuation exactly once.
private final class ResponseCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let maxBodyBytes: Int
    private let lock = NSLock()
    // Guarded by `lock`.
    private var body = Data()
    private var continuation: CheckedContinuation<Data, any Error>?
    private var finished = false
    private var task: URLSessionDataTask?
    private var deadline: DispatchWorkItem?

    init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }

    func start(task: URLSessionDataTask, timeout: TimeInterval, continuation: CheckedContinuation<Data, any Error>) {
        let deadline = DispatchWorkItem { [weak self] in self?.finish(.failure(PlaceSourceError.timeout)) }
        lock.lock()
        if finished {  // cancelled before the task started
            lock.unlock()
            continuation.resume(throwing: CancellationError())
            return
        }
        self.continuation = continuation
        self.task = task
        self.deadline = deadline
        lock.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        task.resume()
    }

    /// Resumes the continuation with `result` unless already done, and stops the transfer.
    func finish(_ result: Result<Data, any Error>) {
        lock.lock()
        guard !finished else {
            lock.unlock()
            return
        }
        finished = true
        let continuation = self.continuation
        let task = self.task
        let deadline = self.deadline
        self.continuation = nil
        self.task = nil
        self.deadline = nil
        lock.unlock()
        deadline?.cancel()
        if case .failure = result { task?.cancel() }
        continuation?.resume(with: result)
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if status != 200 {
            completionHandler(.cancel)
            finish(.failure(PlaceSourceError.httpStatus(status)))
        } else if response.expectedContentLength > Int64(maxBodyBytes) {
            completionHandler(.cancel)
            finish(.failure(PlaceSourceError.tooLarge))
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        body.append(data)
        let tooLarge = body.count > maxBodyBytes
        if tooLarge { body = Data() }
        lock.unlock()
        if tooLarge { finish(.failure(PlaceSourceError.tooLarge)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            finish(.failure(Self.map(error, url: task.originalRequest?.url)))
        } else {
            lock.lock()
            let data = body
            lock.unlock()
            finish(.success(data))
        }
    }

    /// A URLSession error as a `PlaceSourceError` with a short, user-facing reason.
    private static func map(_ error: any Error, url: URL?) -> any Error {
        let host = url?.host.map { host in url?.port.map { "\(host):\($0)" } ?? host } ?? "the server"
        guard let urlError = error as? URLError else {
            return PlaceSourceError.transport(TextSanitizer.clean(error.localizedDescription, maxLength: 120))
        }
        switch urlError.code {
        case .timedOut: return PlaceSourceError.timeout
        case .cancelled: return CancellationError()
        case .cannotConnectToHost: return PlaceSourceError.transport("could not connect to \(host)")
        case .cannotFindHost, .dnsLookupFailed: return PlaceSourceError.transport("could not find \(host)")
        case .notConnectedToInternet: return PlaceSourceError.transport("no internet connection")
        case .networkConnectionLost: return PlaceSourceError.transport("the connection to \(host) was lost")
        case .badServerResponse, .zeroByteResource:
            return PlaceSourceError.transport("\(host) sent an invalid response")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return PlaceSourceError.transport("secure connection to \(host) failed")
        default:
            return PlaceSourceError.transport("request to \(host) failed (code \(urlError.code.rawValue))")
        }
    }
}
