// expect: COMPILE
// QuickJS's own std and os modules are not there.
import * as std from 'std';
import * as os from 'os';
std.open('/tmp/tw-sandbox-escape', 'w');
os.exec(['touch', '/tmp/tw-sandbox-escape']);
