'use strict';
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../..');
module.exports = {
  ROOT,
  DATA_DIR: path.join(ROOT, '.data'),
  TOOLS_DIR: path.join(ROOT, '.tools'),
};
