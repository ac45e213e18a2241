// A WOFF2 font `require` in the web build is the file's URL (metro); the tests get this one.
module.exports = '/assets/assets/fonts/test.woff2';
