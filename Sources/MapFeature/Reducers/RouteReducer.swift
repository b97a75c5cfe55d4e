import GeoCore
import Routing

/// The way to the selection: `g` asks the router, `m` switches how it is travelled, answers draw it
/// along the roads (or the straight line, labelled, when there is none), and a location that leaves
/// the route asks again.
enum RouteReducer {
    /// Metres the user may be from the route before it is asked again from where they are.
    static let offRouteMeters = 30.0

    /// `g`: asks the way from the user (or the map centre) to the selection and opens its pane.
    static func ask(_ state: inout MapState) -> [MapEffect] {
        guard let target = state.selection?.coordinate(state) else {
            state.alert = Alert("Select a place first.", detail: "Tab selects the nearest place; then press g.")
            return []
        }
        let from = state.userLocation ?? state.camera.center
        guard Geodesy.distance(from, target) * 1000 >= 1 else {
            state.route = nil
            state.notice = state.userLocation == nil ? "the selection is at the map centre" : "you are there"
            return []
        }
        state.routeGeneration += 1
        let route = RouteState(
            from: from, fromUser: state.userLocation != nil, to: target, profile: state.routeProfile,
            generation: state.routeGeneration)
        state.route = route
        state.detailOpen = true
        state.paneScroll = 0
        fitBesidePane([from, target], &state)
        return [.findRoute(route.request)]
    }

    /// `m`: the next way of travelling; a route shown is asked again that way.
    static func switchProfile(_ state: inout MapState) -> [MapEffect] {
        state.routeProfile = state.routeProfile.next
        guard var route = state.route else {
            state.notice = "routes \(state.routeProfile.phrase) (g shows the way)"
            return []
        }
        state.routeGeneration += 1
        route = RouteState(
            from: route.from, fromUser: route.fromUser, to: route.to, profile: state.routeProfile,
            generation: state.routeGeneration)
        state.route = route
        state.paneScroll = 0
        return [.findRoute(route.request)]
    }

    /// The router's answer: the route along roads (the view fits it), or the straight line and why.
    static func answered(_ request: RouteRequest, _ outcome: Result<RoutePlan, RouteProblem>, _ state: inout MapState)
        -> [MapEffect]
    {
        guard var route = state.route, route.generation == request.generation else { return [] }
        switch outcome {
        case .success(let plan):
            route.phase = .found(plan)
            fitBesidePane(plan.path + [route.from, route.to], &state)
        case .failure(let problem):
            route.phase = .straight(problem)
        }
        state.route = route
        return []
    }

    /// Fits `points` with a margin into the part of the map the open pane leaves free (left of a side
    /// pane, above a bottom one), or into the whole map when the pane is closed.
    static func fitBesidePane(_ points: [LatLon], _ state: inout MapState) {
        let view = state.mapViewport
        guard state.detailOpen else {
            if let camera = CameraFit.camera(showing: points, in: view) { state.camera = camera }
            return
        }
        let pane = DetailPane.frame(cols: state.screen.cols, rows: state.screen.rows)
        let side = DetailPane.isSide(cols: state.screen.cols)
        let free =
            side
            ? Viewport(cols: view.cols - pane.width, rows: view.rows)
            : Viewport(cols: view.cols, rows: view.rows - pane.height)
        guard free.cols > 0, free.rows > 0, let camera = CameraFit.camera(showing: points, in: free) else { return }
        // The free part's centre lies half a pane left of (or above) the map's centre.
        let dx = side ? Double(pane.width * Viewport.dotsPerColumn) / 2 : 0
        let dy = side ? 0 : Double(pane.height * Viewport.dotsPerRow) / 2
        state.camera = camera.panned(dx: dx, dy: dy)
    }

    /// A new location (part 13's location source will send it): a route from the user that it has left
    /// by more than `offRouteMeters` is asked again from here; without a route (the straight line), only
    /// once the user is that far from where it was asked.
    static func located(_ location: LatLon, _ state: inout MapState) -> [MapEffect] {
        state.userLocation = location
        guard let route = state.route, route.fromUser else { return [] }
        switch route.phase {
        case .asking: return []
        case .found(let plan): if plan.metersOff(location) <= offRouteMeters { return [] }
        case .straight: if Geodesy.distance(location, route.from) * 1000 <= offRouteMeters { return [] }
        }
        state.routeGeneration += 1
        let again = RouteState(
            from: location, fromUser: true, to: route.to, profile: route.profile, generation: state.routeGeneration)
        state.route = again
        state.paneScroll = 0
        return [.findRoute(again.request)]
    }
}
