import MapFeature
import Places

/// What a source holding `places` answers to a marker request: the markers of `PlaceClusters` inside the
/// request's region at its level, with its filter. For reducer tests that feed results by hand.
public enum MarkerAnswers {
    public static func batch(_ places: [Place], for request: MarkerRequest) -> MarkerBatch {
        MarkerBatch(
            markers: PlaceClusters(places: places).markers(
                in: request.region, zoom: request.level, filter: request.filter))
    }
}
