import HostSystem
import JSONKit
import PushContract
import PushReceiver
import WidgetHostCLI

/// A push tried from the page: the request checked against the push contract as the receiver
/// checks a body (P1–P6, P9: JSON, fields and types, content state, alerts, sound, the
/// timestamp's unit, the encoded size), and, when its `content_state.data` holds variables, the
/// Live Activity drawn from them, light and dark, without running the script, as the app does.
/// What depends on a receiver's ledger (the registry, nonces, the order of start, update and
/// end) is `widgethost serve`'s to say.
struct StudioPush: Sendable {
    let session: StudioSession

    /// `widgethost.studio.push/1`: `verdict` (`accepted` or `refused`), `reason`, `field`,
    /// `message`, `warnings`, `variables`, `pictures` and `picturesProblem`.
    func trial(_ body: [UInt8]) -> HTTPResponse {
        var object: JSONObject = ["schema": "widgethost.studio.push/1"]
        let validated: ValidatedPush
        do {
            validated = try PushContract.validate(body: body)
        } catch {
            object["verdict"] = "refused"
            object["reason"] = .string(error.reason.rawValue)
            object["field"] = error.field.map { .string($0) } ?? .null
            object["message"] = .string(error.message)
            return StudioService.json(.object(object))
        }
        object["verdict"] = "accepted"
        object["type"] = .string(validated.request.type.rawValue)
        object["message"] = .string("The receiver would accept this \(validated.request.type.rawValue) (200) if the Push ID and widget are registered and the nonce is new.")
        object["warnings"] = .array(validated.warnings.map { warning in
            .object(["code": .string(warning.code.rawValue), "field": warning.field.map { .string($0) } ?? .null,
                     "message": .string(warning.message)])
        })
        guard let variables = validated.variables else {
            object["variables"] = .null
            object["picturesProblem"] = "no pictures: the request has no content_state.data, so the Lock Screen keeps what it shows"
            return StudioService.json(.object(object))
        }
        object["variables"] = .object(variables)
        let drawn = StudioProgram.pushPictures(session.arguments(session.controls), variables: variables,
                                               now: validated.request.timestamp * 1000, pictures: session.pictures)
        object["pictures"] = .array(drawn.pictures.map { .object(["scheme": .string($0.scheme), "png": .string($0.png), "width": .number($0.width)]) })
        object["picturesProblem"] = drawn.problem.map { .string($0) } ?? .null
        return StudioService.json(.object(object))
    }
}
