/// A track being recorded to a file. Each append leaves a complete file that other tools read, so a
/// crash or kill -9 loses at most the point being written.
public protocol TrackRecording: AnyObject, Sendable {
    /// The file's name without its folder ("2026-12-02T17-30-05Z.gpx"), for the status bar.
    var name: String { get }
    /// Appends one point. - Throws: an error whose description is one line for the user.
    func append(_ point: TrackPoint) throws
    /// Ends the recording; the file stays complete. - Throws: as `append`.
    func finish() throws
}
