import Foundation
import GeoCore
import Places
import Storage
import Testing

/// From the zoom the map draws runways at, a store's airport markers carry their runways (the map has
/// nothing else to draw them from); below it they stay light.
@Suite struct PlaceStoreRunwayTests {
    static let sfo = Place(
        id: "ap:KSFO", kind: .airport, name: "San Francisco International Airport",
        coordinate: LatLon(lat: 37.618999, lon: -122.375),
        details: .airport(
            AirportDetails(
                ident: "KSFO", type: "large_airport",
                runways: [
                    Runway(
                        lengthFt: 11870, lowEndIdent: "10L", highEndIdent: "28R",
                        lowEnd: LatLon(lat: 37.628742, lon: -122.39341),
                        highEnd: LatLon(lat: 37.613538, lon: -122.35716)),
                    Runway(closed: true, lowEnd: LatLon(lat: 95, lon: 0), highEnd: LatLon(lat: 37.6, lon: -122.3)),
                ])))

    @Test func airportMarkersCarryTheirRunwaysFromZoom11() async throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: [Self.sfo])
        let region = GeoBounds(south: 37.5, west: -122.5, north: 37.7, east: -122.2)
        let near = try await store.markers(in: region, zoom: Runway.drawnFromZoom, filter: .standard).markers
        let place = try #require(near.first?.place)
        #expect(place == Self.sfo)
        let runways = try #require(place.airport?.runways)
        #expect(runways[0].centerline?.low == LatLon(lat: 37.628742, lon: -122.39341))
        #expect(runways[1].lowEnd == nil && runways[1].centerline == nil, "a threshold off the Earth is dropped")
        let far = try await store.markers(in: region, zoom: Runway.drawnFromZoom - 1, filter: .standard).markers
        #expect(try #require(far.first?.place).details == PlaceDetails.none, "below zoom 11 the markers stay light")
    }
}
