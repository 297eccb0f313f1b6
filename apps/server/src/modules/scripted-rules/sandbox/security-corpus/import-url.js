// expect: COMPILE
import data from 'https://example.com/payload.js';
tw.log(data);
