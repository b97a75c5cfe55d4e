import GeoCore

/// Says a route step in words, from OSRM's maneuver types
/// (https://project-osrm.org/docs/v5.24.0/api/#stepmaneuver-object).
enum StepInstruction {
    static func text(for step: RouteStep) -> String {
        let onto = step.street.isEmpty ? "" : " onto " + step.street
        let on = step.street.isEmpty ? "" : " on " + step.street
        let way = step.modifier.isEmpty ? "" : " " + step.modifier
        switch step.type {
        case "depart":
            return "Head " + Geodesy.compassPoint(step.bearingAfter) + on
        case "arrive":
            let side = ["left", "right"].contains(step.modifier) ? ", on the " + step.modifier : ""
            return "Arrive" + side
        case "turn", "end of road":
            if step.modifier == "uturn" { return "Make a U-turn" + onto }
            if step.modifier == "straight" { return "Go straight" + onto }
            let end = step.type == "end of road" ? " at the end of the road" : ""
            return "Turn" + way + end + onto
        case "new name", "continue", "notification", "use lane":
            return step.modifier == "uturn" ? "Make a U-turn" + onto : "Continue" + way + onto
        case "merge": return "Merge" + way + onto
        case "on ramp": return "Take the ramp" + way + onto
        case "off ramp": return "Take the exit" + way + onto
        case "fork": return "Keep" + way + " at the fork" + onto
        case "roundabout", "rotary", "roundabout turn", "exit roundabout", "exit rotary":
            let exit = step.exit > 0 ? ", take exit \(step.exit)" : ""
            return step.type.hasPrefix("exit") ? "Leave the roundabout" + onto : "Enter the roundabout" + exit + onto
        default:
            return "Go" + way + onto
        }
    }
}
