// The units an exact match ignores after a number, and only when the reference answer is a bare number:
// "350 cm", "42,195 metres" and "$80" all match the reference "80"-style number they state. Units are
// ignored, never converted, so "350 m" matches "350" too: write a reference as a bare number in the unit
// the question asks for. Written as `normaliseAnswer` leaves them (lower case, punctuation as spaces:
// "km/h" is "km h", "°C" is "c"); a currency symbol is punctuation, so "$80" is already "80".

/** Unit words and phrases, normalised. */
export const ignoredUnits: ReadonlySet<string> = new Set(
  [
    // length
    "mm cm m km in inch inches ft foot feet mi mile miles",
    "millimetre millimetres millimeter millimeters centimetre centimetres centimeter centimeters",
    "metre metres meter meters kilometre kilometres kilometer kilometers",
    // mass and volume
    "mg g kg gram grams kilogram kilograms lb lbs pound pounds",
    "ml l millilitre millilitres milliliter milliliters litre litres liter liters",
    // time
    "ms s sec secs second seconds min mins minute minutes h hr hrs hour hours",
    "day days week weeks month months year years",
    // temperature
    "c f k celsius fahrenheit kelvin degree degrees",
    // data
    "b byte bytes bit bits kb mb gb kib mib gib",
    // speed, money, share
    "mph kph dollar dollars usd cent cents euro euros percent",
  ]
    .join(" ")
    .split(" ")
    .concat(["degrees celsius", "degrees fahrenheit", "degree celsius", "degree fahrenheit", "km h", "m s"]),
);
