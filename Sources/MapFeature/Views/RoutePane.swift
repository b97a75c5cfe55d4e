import Routing

/// The route part of the detail pane: how far and how long, from where, the steps, and who found it
/// (or, without a route, the straight line and why).
enum RoutePane {
    static func lines(_ route: RouteState, credit: String) -> [String] {
        let straight = "Straight line: \(route.straight.distanceText), \(route.straight.bearingText)"
        switch route.phase {
        case .asking:
            return ["Finding the way \(route.profile.phrase) \(route.originText)…", straight]
        case .straight(let problem):
            return [
                "No route \(route.profile.phrase): \(problem.message)", straight + ", " + route.originText,
                "g asks again, m switches car / bike / foot",
            ]
        case .found(let plan):
            var lines = [
                "\(plan.profile.title): \(RouteText.distance(plan.distanceMeters)), "
                    + RouteText.duration(plan.durationSeconds),
                route.originText,
            ]
            lines += RouteText.snapNotes(plan).map { $0.prefix(1).uppercased() + $0.dropFirst() + "." }
            lines.append("m switches car / bike / foot")
            lines += plan.steps.enumerated().map { index, step in
                "\(index + 1). \(step.instruction) (\(RouteText.shortDistance(step.distanceMeters)))"
            }
            if !credit.isEmpty { lines.append(credit) }
            return lines
        }
    }
}
