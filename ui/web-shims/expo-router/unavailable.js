// Shared by the replacements: a component that says which expo-router feature the web build left out.
function unavailable(name) {
  function Unavailable() {
    throw new Error(`${name} is not part of this app's web build (ui/web-shims/expo-router/README.md)`);
  }
  Unavailable.displayName = name;
  return Unavailable;
}
module.exports = { unavailable };
