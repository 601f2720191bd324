module.exports = require('./webpack/preset');
