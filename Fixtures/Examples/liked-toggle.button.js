// The button of liked-toggle.js: flips the stored value between heart and heart.fill.
//
//   Scripts/widgethost run Fixtures/Examples/liked-toggle.js --action Fixtures/Examples/liked-toggle.button.js --state /tmp/liked-toggle-state
//
// Outputs: previous (the value before the tap).

const previous = getValue("liked") || "heart"
setValue("liked", previous === "heart" ? "heart.fill" : "heart")
