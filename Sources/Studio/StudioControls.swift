import JSONKit
import WidgetHostCLI

/// The page's controls, made from the run flags' declarations (``StudioProgram/controls``): each
/// control is the flag of its name, its value checked by the same code that checks the flag on
/// the command line. `scheme` is the page's own (which pictures it shows), not a flag.
enum StudioControls {
    /// The names a page may set.
    static let names: [String] = StudioProgram.controls.map(\.name)

    /// `widgethost.studio.controls/1`: each control's name, placeholder, help line and choices.
    static var declarations: JSONValue {
        .object([
            "schema": "widgethost.studio.controls/1",
            "controls": .array(StudioProgram.controls.map { control in
                .object([
                    "name": .string(control.name), "placeholder": .string(control.placeholder), "help": .string(control.help),
                    "choices": .array(control.choices.map { .string($0) }),
                ])
            }),
        ])
    }
}
