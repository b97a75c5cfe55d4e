import Foundation
import GeoCore
import TestSupport

/// Answers an OSRM router would send, for tests: a route along `path` with `streets` as its steps.
enum OSRMFake {
    static let from = LatLon(lat: 37.7890, lon: -122.4010)
    static let to = LatLon(lat: 37.7955, lon: -122.4040)
    static let path = [
        LatLon(lat: 37.788983, lon: -122.401022), LatLon(lat: 37.789400, lon: -122.401500),
        LatLon(lat: 37.795446, lon: -122.403989),
    ]

    /// An "Ok" answer: 1072.4 m, 127.8 s, one step per street (depart, turns, arrive), snapped 2.7 m and
    /// 6.1 m. `stepDistance` and `geometry` replace the usual ones.
    static func ok(
        streets: [String] = ["2nd Street", "Market Street", "Washington Street"], stepDistance: String = "300.5",
        geometry: String? = nil, distance: String = "1072.4", location: String = "[-122.401022,37.788983]"
    ) -> String {
        var steps: [String] = []
        for (index, street) in streets.enumerated() {
            let type = index == 0 ? "depart" : index == streets.count - 1 ? "arrive" : "turn"
            steps.append(
                #"{"distance":\#(stepDistance),"duration":30.1,"name":\#(quoted(street)),"mode":"driving","#
                    + #""maneuver":{"type":"\#(type)","modifier":"right","location":\#(location),"#
                    + #""bearing_after":315,"bearing_before":0},"intersections":[]}"#)
        }
        let polyline = quoted(geometry ?? PolylineEncoder.encode(path))
        return #"{"code":"Ok","routes":[{"geometry":\#(polyline),"legs":[{"steps":[\#(steps.joined(separator: ","))],"#
            + #""summary":"","weight":127.8,"duration":127.8,"distance":\#(distance)}],"weight_name":"routability","#
            + #""weight":127.8,"duration":127.8,"distance":\#(distance)}],"waypoints":["#
            + #"{"hint":"x","location":[-122.401022,37.788983],"name":"2nd Street","distance":2.704977},"#
            + #"{"hint":"y","location":[-122.403989,37.795446],"name":"Washington Street","distance":6.071421}]}"#
    }

    /// A JSON string literal of `text` (quotes, backslashes and controls escaped).
    static func quoted(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
}
