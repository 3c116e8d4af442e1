// Run by bench/start-cost.ts: load gatewaykit from argv[2] (a module URL), send argv[3] warm-up and
// argv[4] measured default requests through `gateway.fetch` in sequence, print the CPU time
// (user + system) per measured request in µs. Plain JavaScript, so no loader applies unless the
// parent asks for one.
const { createGateway } = await import(process.argv[2]);
const [warm, measured] = [Number(process.argv[3] ?? 2000), Number(process.argv[4] ?? 5000)];
const gateway = createGateway();
const init = () => ({
  method: 'POST',
  headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
  body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Write one sentence about the sea.' }),
});
const send = async () => {
  const res = await gateway.fetch('/responses', init());
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  await res.text();
};
for (let i = 0; i < warm; i++) await send();
const before = process.cpuUsage();
for (let i = 0; i < measured; i++) await send();
const cpu = process.cpuUsage(before);
console.log(JSON.stringify({ cpuUs: (cpu.user + cpu.system) / measured }));
