/**
 * The in-process rows in a process of their own (run by plain node on the compiled build, like
 * the server children): argv[2] requests per round, argv[3] rounds. Sends `{ inProcess }` to the parent.
 */
import { measureInProcess } from '../in-process.ts';
import { loadGatewaykit } from './load-gatewaykit.ts';

const { createGateway } = await loadGatewaykit();
const inProcess = await measureInProcess(createGateway, Number(process.argv[2] ?? 2000), Number(process.argv[3] ?? 3));
process.send?.({ inProcess });
