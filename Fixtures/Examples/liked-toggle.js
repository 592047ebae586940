// A liked toggle (the docs' button example): the widget shows a heart, its button flips it.
//
//   Scripts/widgethost run Fixtures/Examples/liked-toggle.js --action Fixtures/Examples/liked-toggle.button.js --state /tmp/liked-toggle-state
//
// The button's action script (liked-toggle.button.js) runs first, in its own context,
// and flips the stored value; then the widget refresh the tap triggers runs this script
// with the same storage. Both runs are reported.
//
// Outputs in a fresh state folder: the action's previous "heart", the refresh's
// state "heart.fill". Run the command again and it flips back: state "heart".
// Without --action the widget just shows what is stored ("heart" when nothing is).

this.state = getValue("liked") || "heart"
