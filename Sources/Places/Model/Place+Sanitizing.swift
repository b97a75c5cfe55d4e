import TextSafety

extension Place {
    /// The same place with `TextSanitizer` applied to every string, details included. Optional text
    /// that becomes empty becomes nil. Identifiers are cleaned too, so they are safe to print.
    public func sanitized() -> Place {
        var copy = self
        copy.id = TextSanitizer.clean(id)
        copy.name = TextSanitizer.clean(name)
        switch details {
        case .restroom(let restroom): copy.details = .restroom(restroom.sanitized())
        case .airport(let airport): copy.details = .airport(airport.sanitized())
        case .openStreetMap(let tile):
            copy.details = .openStreetMap(OpenStreetMapDetails(schema: tile.schema, tags: tile.tags))
        case .none: break
        }
        return copy
    }
}

extension RestroomDetails {
    /// The same details with `TextSanitizer` applied to every string.
    public func sanitized() -> RestroomDetails {
        var copy = self
        copy.street = TextSanitizer.clean(street)
        copy.city = TextSanitizer.clean(city)
        copy.state = TextSanitizer.clean(state)
        copy.country = TextSanitizer.clean(country)
        copy.directions = TextSanitizer.cleanOrNil(directions)
        copy.comment = TextSanitizer.cleanOrNil(comment)
        copy.createdAt = TextSanitizer.cleanOrNil(createdAt)
        copy.updatedAt = TextSanitizer.cleanOrNil(updatedAt)
        return copy
    }
}

extension AirportDetails {
    /// The same details with `TextSanitizer` applied to every string, runways included.
    public func sanitized() -> AirportDetails {
        var copy = self
        copy.ident = TextSanitizer.clean(ident)
        copy.type = TextSanitizer.clean(type)
        copy.iataCode = TextSanitizer.cleanOrNil(iataCode)
        copy.icaoCode = TextSanitizer.cleanOrNil(icaoCode)
        copy.gpsCode = TextSanitizer.cleanOrNil(gpsCode)
        copy.municipality = TextSanitizer.cleanOrNil(municipality)
        copy.region = TextSanitizer.clean(region)
        copy.country = TextSanitizer.clean(country)
        copy.runways = runways.map { runway in
            var r = runway
            r.surface = TextSanitizer.cleanOrNil(runway.surface)
            r.lowEndIdent = TextSanitizer.cleanOrNil(runway.lowEndIdent)
            r.highEndIdent = TextSanitizer.cleanOrNil(runway.highEndIdent)
            return r
        }
        return copy
    }
}
