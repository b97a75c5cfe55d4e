import Foundation

/// The code and message every OSRM answer starts with ("Ok", or an error such as "NoRoute" with a
/// message), read first and on their own, so that an error answer is understood whatever else it holds.
struct OSRMStatusDTO: Decodable {
    var code: String
    var message: String?
}

/// The parts of an OSRM `route` answer (https://project-osrm.org/docs/v5.24.0/api/#route-service) the
/// client reads; everything else is ignored. Numbers are checked by `OSRMAnswer.plan`, not here.
struct OSRMRouteAnswerDTO: Decodable {
    var routes: [OSRMRouteDTO]
    var waypoints: [OSRMWaypointDTO]
}

/// One route: metres, seconds, the polyline6 of `overview=full`, its legs.
struct OSRMRouteDTO: Decodable {
    var distance: Double
    var duration: Double
    var geometry: String
    var legs: [OSRMLegDTO]
}

/// The way between two waypoints; its steps with `steps=true`.
struct OSRMLegDTO: Decodable {
    var steps: [OSRMStepDTO]?
}

/// One step: metres and seconds to the next, the road's name and reference, the manoeuvre.
struct OSRMStepDTO: Decodable {
    var distance: Double
    var duration: Double
    var name: String?
    var ref: String?
    var maneuver: OSRMManeuverDTO
}

/// Where and how a step turns: `[lon, lat]`, the type and modifier, the bearing after, the exit.
struct OSRMManeuverDTO: Decodable {
    var location: [Double]
    var type: String
    var modifier: String?
    var bearingAfter: Double?
    var exit: Int?

    enum CodingKeys: String, CodingKey {
        case location, type, modifier, exit
        case bearingAfter = "bearing_after"
    }
}

/// An asked point snapped to the road: `[lon, lat]` and the metres from the asked point (OSRM 5.x).
struct OSRMWaypointDTO: Decodable {
    var location: [Double]
    var distance: Double?
}
