import { saveBlob } from '@lending/web-common/download';
import { fetchAgreement } from '../api/loans';

/** The hash of the agreement the borrower was shown, kept for the signing step of this tab. */
const key = (loanId: string) => `agreement-hash:${loanId}`;
export const rememberShownHash = (loanId: string, hash: string) => sessionStorage.setItem(key(loanId), hash);
export const shownHash = (loanId: string) => sessionStorage.getItem(key(loanId));

/** Downloads the agreement (?download=1) as a file named by the server. */
export async function downloadAgreement(loanId: string): Promise<string> {
  const { blob, hash, filename } = await fetchAgreement(loanId, true);
  rememberShownHash(loanId, hash);
  saveBlob(blob, filename);
  return filename;
}
