// Replaces expo-router/build/head/ExpoHead.js in the browser bundle (not in pre-rendering). The
// only <Head> of the app is the root layout's constant <title>Ngern</title>: pre-rendering
// (which keeps the real one) writes it into every page, and nothing changes it afterwards, so
// the browser needs neither react-helmet-async nor the provider expo-router wraps the app in.
function Head() {
  return null;
}
Head.Provider = function HeadProvider({ children }) {
  return children;
};
exports.Head = Head;
