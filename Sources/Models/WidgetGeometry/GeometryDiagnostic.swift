import ErrorKinds
/// Findings only a laid-out widget can give (docs/diagnostics.md, "Layout geometry").

/// A stable diagnostic code of the layout engine.
public enum GeometryCode: String, Sendable, Hashable, CaseIterable {
    /// Text did not fit even at its minimum scale factor and was cut with an ellipsis.
    case textTruncated = "render-text-truncated"
    /// A component is larger than the space it is shown in and is cut off.
    case overflow = "render-overflow"
    /// Some items of a loop are cut off or truncated.
    case loopOverflow = "render-loop-overflow"
    /// A field's value cannot be used (not a number, NaN, negative, out of range).
    case invalidValue = "render-invalid-value"
    /// A component without a known `type`; it is left out.
    case unknownComponent = "render-unknown-component"
    /// A member that is not a field of its component's type (`contents`, `colour`); it is
    /// ignored. The message names the closest field.
    case unknownField = "render-unknown-field"
    /// The tree is deeper or larger than the engine lays out, or a text longer.
    case limit = "render-limit"
    /// A component the app ignores where it is (not a text in a tstack, all but the first text
    /// and image of an inline widget, a gauge child that fills no slot).
    case ignored = "render-ignored"
    /// An image's file is not in the state folder (or the content is not a file path).
    case imageMissing = "render-image-missing"
    /// An image's file is not a PNG or JPEG that can be decoded.
    case imageUndecodable = "render-image-undecodable"
    /// An image's file is larger than the host reads, or its picture has more pixels than it decodes.
    case imageTooLarge = "render-image-too-large"
    /// An image's path leaves the widget's folder or goes through a symbolic link (A5).
    case imageRefused = "render-image-refused"
    /// An icon drawn as the neutral placeholder glyph: SF Symbols cannot ship, and `--icons`
    /// gave no usable SVG of that name.
    case iconPlaceholder = "render-icon-placeholder"
    /// An icon's SVG in `--icons` cannot be used (not SVG, too large, a link); the placeholder
    /// glyph is drawn.
    case iconUnreadable = "render-icon-unreadable"
    /// A text's `font` names a family that is not installed; the default families draw it.
    case fontFallback = "render-font-fallback"

    /// The one severity of the code.
    public var severity: Severity {
        switch self {
        case .textTruncated, .overflow, .loopOverflow, .invalidValue, .unknownComponent, .unknownField, .limit,
             .imageMissing, .imageUndecodable, .imageTooLarge, .imageRefused, .iconUnreadable, .fontFallback: return .warning
        case .ignored, .iconPlaceholder: return .info
        }
    }
}

/// One finding.
public struct GeometryDiagnostic: Finding, CustomStringConvertible {
    /// The code.
    public let code: GeometryCode
    /// What happened and what to do, naming the family.
    public let message: String
    /// The component's path in the laid-out tree (`root.children[2]`).
    public let path: String
    /// The field concerned, as a JSON Pointer into the layout file when known
    /// (`/children/0/content`), else into the rendered tree.
    public let field: String?
    /// The family being laid out.
    public let family: WidgetFamily

    /// Creates a finding.
    public init(code: GeometryCode, message: String, path: String, field: String? = nil, family: WidgetFamily) {
        self.code = code
        self.message = message
        self.path = path
        self.field = field
        self.family = family
    }

    /// The code's severity.
    public var severity: Severity { code.severity }

    /// `warning: root.children[0]: … [render-overflow]`.
    public var description: String { "\(severity.rawValue): \(path): \(message)\(codeSuffix)" }
}

extension GeometryDiagnostic {
    /// The code's text.
    public var codeName: String { code.rawValue }
}
