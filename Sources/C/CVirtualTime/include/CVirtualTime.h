#ifndef WIDGETHOST_CVIRTUALTIME_H
#define WIDGETHOST_CVIRTUALTIME_H

/// The wall clock and the default language as a run's script sees them.
///
/// JavaScriptCore reads the wall clock (`Date`, `Intl.DateTimeFormat().format()`) with
/// `clock_gettime(CLOCK_REALTIME)`, `gettimeofday` and `time`, and the default language
/// (`Intl`, every `toLocale…String`, `localeCompare`) with `setlocale(…, NULL)`. This module
/// defines those C library functions in the program itself, so the engine's calls resolve
/// here: on a thread inside a run they answer the run's virtual now and language; everywhere
/// else they pass through to the C library. The engine's own `Date` and `Intl` thus stay the
/// built-ins, untouched, whatever route a script takes to them.

/// This thread runs a script whose wall clock reads `epochMilliseconds` until ``widgethost_clock_end``.
void widgethost_clock_begin(double epochMilliseconds);
/// Moves this thread's virtual now (a run's clock jumps as its timers fire).
void widgethost_clock_set(double epochMilliseconds);
/// This thread reads the real wall clock again.
void widgethost_clock_end(void);
/// Whether the definitions here are the ones the engine's calls reach (1) or not (0).
int widgethost_clock_is_interposed(void);

/// The default language a run's engine reads, a BCP 47 tag (NULL: the C library's answer), for
/// queries made on this thread while it is in a run. Tells the engine when it changed, so its
/// cached list of preferred languages is made again. Call with the process-wide run lock held.
void widgethost_language_set(const char *tag);

#endif
