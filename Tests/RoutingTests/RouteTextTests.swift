import Testing

@testable import Routing

@Suite("Route figures as text")
struct RouteTextTests {
    @Test func distances() {
        #expect(RouteText.distance(0) == "0 m")
        #expect(RouteText.distance(449.6) == "450 m")
        #expect(RouteText.distance(888.5) == "889 m", "half a metre rounds up, as the route command's reader expects")
        #expect(RouteText.distance(999.6) == "1.0 km (0.6 mi)")
        #expect(RouteText.distance(2_912) == "2.9 km (1.8 mi)")
        #expect(RouteText.distance(-1) == "?")
        #expect(RouteText.distance(.nan) == "?")
        #expect(RouteText.shortDistance(47) == "47 m")
        #expect(RouteText.shortDistance(1_240) == "1.2 km")
    }

    @Test func durations() {
        #expect(RouteText.duration(44.6) == "45 s")
        #expect(RouteText.duration(270) == "4 min 30 s")
        #expect(RouteText.duration(599.4) == "9 min 59 s")
        #expect(RouteText.duration(1_810) == "30 min")
        #expect(RouteText.duration(3_900) == "1 h 05 min")
        #expect(RouteText.duration(90_000) == "1 d 1 h")
        #expect(RouteText.duration(.infinity) == "?")
    }
}
