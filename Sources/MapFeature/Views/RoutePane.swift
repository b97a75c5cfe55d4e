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
                "\(phrase(plan.profile)): \(RouteText.distance(plan.distanceMeters)), "
                    + RouteText.duration(plan.durationSeconds),
                route.originText,
            ]
            lines += snapLines(plan)
            lines.append("m switches car / bike / foot")
            lines += plan.steps.enumerated().map { index, step in
                "\(index + 1). \(step.instruction) (\(RouteText.shortDistance(step.distanceMeters)))"
            }
            if !credit.isEmpty { lines.append(credit) }
            return lines
        }
    }

    /// "By car", "By bike", "On foot".
    static func phrase(_ profile: RouteProfile) -> String {
        profile.phrase.prefix(1).uppercased() + profile.phrase.dropFirst()
    }

    /// Metres from an end to the road the route snapped it to, when more than `RoutePlan.snapNoteMeters`.
    static func snapLines(_ plan: RoutePlan) -> [String] {
        var lines: [String] = []
        if plan.startSnapMeters > RoutePlan.snapNoteMeters {
            lines.append("The start is \(RouteText.shortDistance(plan.startSnapMeters)) from the nearest road.")
        }
        if plan.endSnapMeters > RoutePlan.snapNoteMeters {
            lines.append("The end is \(RouteText.shortDistance(plan.endSnapMeters)) from the nearest road.")
        }
        return lines
    }
}
