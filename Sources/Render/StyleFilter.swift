import VectorTiles

/// A style layer's filter resolved against one tile layer's tables, so that testing a feature
/// compares integers instead of key strings: which key indices each condition reads, and for each
/// value index whether the condition allows it (worked out the first time that value is met).
/// Gives the same answer as `StyleLayer.matches` for every feature of that layer.
struct StyleFilter {
    private struct Condition {
        /// Per key index: true when the key is the condition's key.
        var isKey: [Bool]
        var allowed: [FilterValue]
        var allowsMissing: Bool
        /// Per value index: 0 not worked out yet, 1 allowed, 2 not allowed.
        var verdicts: [UInt8]
    }

    private var conditions: [Condition]
    private let values: [PropertyValue]

    init(_ filter: [String: [FilterValue]], layer: TileLayer) {
        values = layer.values
        conditions = filter.map { key, allowed in
            Condition(
                isKey: layer.keys.map { $0 == key }, allowed: allowed, allowsMissing: allowed.contains(.missing),
                verdicts: [UInt8](repeating: 0, count: layer.values.count))
        }
        // Conditions a feature without the key fails first: they turn most features away soonest.
        conditions.sort { !$0.allowsMissing && $1.allowsMissing }
    }

    /// True when `feature` passes every condition (a feature without the key passes where `null` is
    /// allowed), as `StyleLayer.matches` decides it.
    mutating func matches(_ feature: VectorFeature) -> Bool {
        for c in conditions.indices {
            guard let v = valueIndex(of: feature, for: c) else {
                if conditions[c].allowsMissing { continue }
                return false
            }
            if conditions[c].verdicts[v] == 0 {
                let value = values[v]
                conditions[c].verdicts[v] = conditions[c].allowed.contains { $0.matches(value) } ? 1 : 2
            }
            if conditions[c].verdicts[v] != 1 { return false }
        }
        return true
    }

    /// The value index of the first tag of `feature` with the condition's key (as `property` reads it:
    /// tags pointing outside the tables are passed over).
    private func valueIndex(of feature: VectorFeature, for c: Int) -> Int? {
        let tags = feature.tags
        let isKey = conditions[c].isKey
        var i = 0
        while i + 1 < tags.count {
            let k = Int(tags[i]), v = Int(tags[i + 1])
            if k < isKey.count, v < values.count, isKey[k] { return v }
            i += 2
        }
        return nil
    }
}
