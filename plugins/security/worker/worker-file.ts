/** Where the scan worker's code is (sdk/worker-file.ts): security-scan-worker.js beside this module when built, else the .ts source through jiti. */
import { findWorkerFile as find, type WorkerFile } from '../../../sdk/worker-file.js';

export type { WorkerFile };

export const findWorkerFile = (): WorkerFile | null => find('security-scan-worker', import.meta.url);
