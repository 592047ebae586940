import JSONKit
import ZonedTime

extension RunReport {
    /// The machine-readable report (`schema` = `widgethost.run/1`), keys sorted (O6).
    public var json: JSONValue {
        func time(_ ms: Int64) -> JSONValue { .string(ISO8601.format(epochMs: ms, in: zone)) }
        func optional<T>(_ value: T?, _ make: (T) -> JSONValue) -> JSONValue { value.map(make) ?? .null }
        var object: JSONObject = [
            "schema": .string(Self.schema),
            "script": .string(script),
            "kind": .string(kind.rawValue),
            "status": .string(status.rawValue),
            "zone": .string(zone.identifier),
            "seed": optional(seed) { .number(Double($0)) },
            "startedAt": time(startedAt),
            "finishedAt": time(finishedAt),
            "outputs": .object(outputs),
            "events": .array(events.map { event in
                .object([
                    "type": .string(event.type), "at": time(event.at), "args": .array(event.args),
                    "valid": .bool(event.valid),
                ])
            }),
            "nextRefresh": optional(nextRefresh) { next in
                .object([
                    "requested": time(next.requested),
                    "reason": .string(next.reason.rawValue),
                    "frequencyMinutes": optional(next.frequencyMinutes) { .number($0) },
                ])
            },
            "console": .array(console.map { .object(["level": .string($0.level.rawValue), "message": .string($0.message)]) }),
            "consoleDropped": .number(Double(consoleDropped)),
            "diagnostics": .array(diagnostics.map { diagnostic in
                .object([
                    "code": .string(diagnostic.code.rawValue), "severity": .string(diagnostic.severity.rawValue),
                    "message": .string(diagnostic.message),
                    "line": optional(diagnostic.line) { .number(Double($0)) },
                    "column": optional(diagnostic.column) { .number(Double($0)) },
                ])
            }),
            "error": optional(error) { failure in
                .object([
                    "name": .string(failure.name), "message": .string(failure.message),
                    "line": optional(failure.line) { .number(Double($0)) },
                    "column": optional(failure.column) { .number(Double($0)) },
                    "stack": .array(failure.stack.map { .string($0) }),
                ])
            },
            "limits": .object([
                "timeoutSeconds": .number(limits.timeLimitSeconds),
                "memoryMB": .number(limits.memoryLimitMB),
                "consoleEntries": .number(Double(limits.consoleEntries)),
            ]),
        ]
        // The edition and the card are named in HarmonyOS reports; an iOS report is as it was.
        if let card {
            object["edition"] = .string(edition.rawValue)
            object["kind"] = .string(card.kind.rawValue)
            object["dimension"] = .string(card.dimension.rawValue)
        }
        object["liveActivity"] = optional(liveActivity) { live in
            .object([
                "state": .string(live.state.rawValue), "startedAt": time(live.startedAt),
                "endedAt": optional(live.endedAt) { time($0) },
            ])
        }
        return .object(object)
    }
}
