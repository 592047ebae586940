import WidgetGeometry

/// `--device NAME` and `--icons DIR`, the options every command that draws a layout shares
/// (`render --family`, `preview --layout`, `simulate --layout`).
enum PictureOptions {
    /// `--device`'s help line.
    static let deviceHelp = "The device whose widget sizes are used (see docs/render.md). Default: iphone-15-pro."
    /// `--icons`' help line.
    static let iconsHelp = "A folder of NAME.svg files drawn for the icons named NAME, tinted by their colour. Default: a placeholder glyph."

    /// The device `--device` names, or the reference device.
    static func device(_ arguments: ParsedArguments) throws(UsageError) -> DeviceModel {
        guard let text = arguments.value("device") else { return .reference }
        guard let found = DeviceModel.named(text) else {
            throw UsageError("unknown device '\(text)'\(ParsedArguments.hint(text, among: DeviceModel.all.map(\.name))); use "
                + DeviceModel.all.map(\.name).joined(separator: ", "))
        }
        return found
    }

    /// The `--icons` folder, checked to open (exit 66 when it does not), or nil.
    static func icons(_ arguments: ParsedArguments) throws(CommandError) -> String? {
        guard let folder = arguments.value("icons") else { return nil }
        try WidgetFiles.checkIconFolder(folder)
        return folder
    }

    /// Refuses `--device` and `--icons` without the `--layout` they draw.
    static func requireLayout(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.value("layout") == nil else { return }
        for name in ["device", "icons"] where arguments.value(name) != nil {
            throw UsageError("--\(name) is for the pictures of a layout; add --layout FILE")
        }
    }
}
