// expect: OK
for (let i = 0; i < 20000; i++) console.log('flood', i);
