import JSONKit

/// The sound a push plays, resolved from `silent`, `sound_mode` and `sound` (P5).
public struct ResolvedSound: Sendable, Hashable {
    /// Which field decided.
    public enum DecidedBy: String, Sendable, Hashable {
        /// `silent: true`.
        case silent
        /// `sound_mode`.
        case soundMode = "sound_mode"
        /// The legacy `sound` file name.
        case sound
        /// Nothing was given: the default.
        case `default`
    }

    /// The built-in sound the app plays by default.
    public static let defaultFile = "push_click.caf"

    /// `custom`, `system` or `silent`.
    public var mode: SoundMode
    /// The file (`custom`), `"default"` (`system`), or `nil` (`silent`): the APNs `alert.sound`.
    public var apnsSound: String?
    /// Which field decided.
    public var decidedBy: DecidedBy

    public init(mode: SoundMode, apnsSound: String?, decidedBy: DecidedBy) {
        self.mode = mode
        self.apnsSound = apnsSound
        self.decidedBy = decidedBy
    }

    /// `{"mode": …, "name": …, "decided_by": …}`.
    public var json: JSONValue {
        ["mode": .string(mode.rawValue), "name": apnsSound.map(JSONValue.string) ?? .null,
         "decided_by": .string(decidedBy.rawValue)]
    }

    /// Resolves the sound of a request, with `sound-conflict` warnings for contradictions.
    ///
    /// `silent: true` wins over everything; else `sound_mode` decides (`custom` plays the
    /// `sound` file when one is given, else `push_click.caf`); else a `sound` file means
    /// `custom` with that file; else `custom` with `push_click.caf`.
    public static func resolve(soundMode: SoundMode?, sound: String?, silent: Bool?)
        -> (sound: ResolvedSound, warnings: [PushWarning])
    {
        var warnings: [PushWarning] = []
        if silent == true {
            if let soundMode, soundMode != .silent {
                warnings.append(PushWarning(.soundConflict, field: "silent",
                    "silent: true overrides sound_mode \"\(soundMode.rawValue)\": the push is silent. Drop one of the two."))
            }
            if let sound {
                warnings.append(PushWarning(.soundConflict, field: "silent",
                    "silent: true overrides sound \"\(sound)\": the push is silent. Drop one of the two."))
            }
            return (ResolvedSound(mode: .silent, apnsSound: nil, decidedBy: .silent), warnings)
        }
        if let soundMode {
            switch soundMode {
            case .custom:
                return (ResolvedSound(mode: .custom, apnsSound: sound ?? defaultFile, decidedBy: .soundMode), warnings)
            case .system:
                if let sound {
                    warnings.append(PushWarning(.soundConflict, field: "sound",
                        "sound_mode \"system\" plays the system sound, so sound \"\(sound)\" is not used. Use sound_mode \"custom\" to play the file."))
                }
                return (ResolvedSound(mode: .system, apnsSound: "default", decidedBy: .soundMode), warnings)
            case .silent:
                if let sound {
                    warnings.append(PushWarning(.soundConflict, field: "sound",
                        "sound_mode \"silent\" plays nothing, so sound \"\(sound)\" is not used. Drop one of the two."))
                }
                return (ResolvedSound(mode: .silent, apnsSound: nil, decidedBy: .soundMode), warnings)
            }
        }
        if let sound { return (ResolvedSound(mode: .custom, apnsSound: sound, decidedBy: .sound), warnings) }
        return (ResolvedSound(mode: .custom, apnsSound: defaultFile, decidedBy: .default), warnings)
    }
}
