import Timeline
import WidgetHost

/// The flags every command that runs a script accepts (`run`, `simulate`, `push`, `preview`,
/// `render`): the options of ``RunOptions``, which declares and decodes them for the command
/// line and a fixture's front matter alike.
enum RunFlags {
    static var options: [OptionSpec] { RunOptions.commandLine }

    /// Builds a run configuration from parsed flags.
    static func configuration(from arguments: ParsedArguments) throws(UsageError) -> RunConfiguration {
        try RunOptions.decode(arguments).configuration
    }

    /// The `--budget` profile (R2); `typical` when not given.
    static func budget(from arguments: ParsedArguments) throws(UsageError) -> BudgetProfile {
        try arguments.get(RunOptions.budget) ?? .typical
    }
}
