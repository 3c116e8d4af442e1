/**
 * The in-process rows in a process of their own (run by plain node on the compiled build, like
 * the server children): argv[2] the reply text, argv[3] requests per round, argv[4] rounds.
 * Sends `{ inProcess }` to the parent.
 */
import { measureInProcess } from '../in-process.ts';
import { loadGatewaykit } from './load-gatewaykit.ts';

const { createGateway } = await loadGatewaykit();
const inProcess = await measureInProcess(createGateway, process.argv[2] ?? 'Hello.', Number(process.argv[3] ?? 2000), Number(process.argv[4] ?? 3));
process.send?.({ inProcess });
