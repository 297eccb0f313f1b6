// expect: COMPILE
import { writeFileSync } from 'node:fs';
writeFileSync('/tmp/tw-sandbox-escape', 'x');
