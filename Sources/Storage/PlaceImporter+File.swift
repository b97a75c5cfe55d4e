import Foundation
import Places

extension PlaceImporter {
    /// Imports a file, choosing the format from the extension (".json", ".csv") or, failing that, from
    /// the first non-blank byte (`[` or `{` means JSON).
    /// - Throws: `PlaceImportError` (too large is checked before reading), `CSVError`.
    public static func importFile(at url: URL, format: PlaceImportFormat? = nil) throws -> PlaceImportResult {
        do {
            try RegularFile.check(url.path)
        } catch {
            throw PlaceImportError.unreadable("\(error)")
        }
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw PlaceImportError.unreadable("\(url.path): no such file or not accessible")
        }
        guard size <= maxInputBytes else { throw PlaceImportError.tooLarge(bytes: size) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PlaceImportError.unreadable("\(url.path): \(error.localizedDescription)")
        }
        let chosen = format ?? PlaceImportFormat(rawValue: url.pathExtension.lowercased()) ?? sniff(data)
        return try importData(data, format: chosen)
    }
}
