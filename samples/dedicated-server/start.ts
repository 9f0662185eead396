/** `npm start`: the emulator and the dedicated-server sample together, until Ctrl-C. */
import { main } from './index.js';

await main();
