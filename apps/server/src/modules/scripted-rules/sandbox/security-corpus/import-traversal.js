// expect: COMPILE
// A custom function path is looked up as given, never as a file path.
import secrets from 'functions/../../../etc/passwd';
tw.log(secrets);
