import WidgetGeometry

/// `--family F`, `--device NAME` and `--icons DIR`, the options every command that draws a
/// layout shares (`render --family`, `preview --layout`, `simulate --layout`); each command
/// says in its help line what they go with.
enum PictureOptions {
    /// `--device`'s help line.
    static let deviceHelp = "The device whose widget sizes are used (see docs/render.md). Default: iphone-15-pro."
    /// `--icons`' help line.
    static let iconsHelp = "A folder of NAME.svg files drawn for the icons named NAME, tinted by their colour. Default: a placeholder glyph."

    /// `--family F`, by its name (`small`, `systemSmall`, `live-activity` …).
    static func family(help: String) -> Option<WidgetFamily> {
        let names = WidgetFamily.allCases.map(\.rawValue)
        return .choice("family", "family", help, among: names, list: names.joined(separator: ", ")) { WidgetFamily(name: $0) }
    }

    /// `--device NAME` (``RunOptions/device``), described by `help`.
    static func device(help: String) -> Option<DeviceModel> { RunOptions.device.helped(help) }

    /// `--icons DIR`.
    static func icons(help: String) -> Option<String> { .folder("icons", "dir", help) }

    /// How the three are read, whatever help line the command gives them.
    static let family = family(help: "")
    static let device = RunOptions.device
    static let icons = icons(help: "")

    /// The device `--device` names, or the reference device.
    static func device(_ arguments: ParsedArguments) throws(UsageError) -> DeviceModel {
        try arguments.get(device) ?? .reference
    }

    /// The `--icons` folder, checked to open (exit 66 when it does not), or nil.
    static func icons(_ arguments: ParsedArguments) throws -> String? {
        guard let folder = try arguments.get(icons) else { return nil }
        try WidgetFiles.checkIconFolder(folder)
        return folder
    }

    /// Refuses `--device` and `--icons` without the `--layout` they draw.
    static func requireLayout(_ arguments: ParsedArguments, layout: Option<String>) throws(UsageError) {
        guard !arguments.given(layout) else { return }
        if arguments.given(device) { throw UsageError("--device is for the pictures of a layout; add --layout FILE") }
        if arguments.given(icons) { throw UsageError("--icons is for the pictures of a layout; add --layout FILE") }
    }
}
