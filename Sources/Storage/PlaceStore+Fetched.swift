import Places

extension PlaceStore: PlaceKeeper {
    /// Keeps places fetched from a live source (`PlaceKeeper`): those new or changed since they were
    /// last stored (compared without their fetch time) are imported with `import(_:)`, which rebuilds
    /// the cluster hierarchy of their group, and every one's fetch time is written to `place_fetches`.
    /// A fetch that brings nothing new writes only the times.
    /// - Throws: `PlaceStoreError`; nothing is changed then.
    public func keep(_ places: [Place], fetchedAt: Double) throws -> Int {
        var changed: [Place] = []
        var ids = Set<String>()
        for place in places.reversed() where place.coordinate.isValid && ids.insert(place.id).inserted {
            var plain = place
            plain.fetchedAt = nil
            var stored = try self.place(id: place.id)
            stored?.fetchedAt = nil
            if stored != plain { changed.append(plain) }
        }
        if !changed.isEmpty { try self.import(changed) }
        do {
            let write = try database.prepare(
                "INSERT INTO place_fetches (id, fetched_at) VALUES (?1, ?2) ON CONFLICT (id) DO UPDATE SET fetched_at = ?2"
            )
            try database.transaction {
                for id in ids {
                    try database.withLock {
                        write.reset()
                        defer { write.reset() }
                        try write.bind(1, id)
                        try write.bind(2, fetchedAt)
                        _ = try write.step()
                    }
                }
            }
        } catch {
            throw storeError(error)
        }
        return changed.count
    }
}
