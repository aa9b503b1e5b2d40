import { expect } from '@jest/globals';
import { bearer, type Http } from './loan-api.js';
import { jpeg, pdf } from './sample-files.js';

/** Uploads a file as the portal does (multipart: kind, file). */
export const upload = (http: Http, token: string, kind: string, bytes: Buffer, filename = 'file.pdf') =>
  http
    .post('/api/me/documents')
    .set(bearer(token))
    .field('kind', kind)
    .attach('file', bytes, { filename, contentType: 'application/octet-stream' });

export { fillBankSection } from './loan-api.js';

/** Fills all seven sections of a borrower's profile with valid answers and uploads; answers the document ids. */
export async function completeProfile(http: Http, token: string, ownPhoneDigits = '9123456780') {
  const b = bearer(token);
  const id = async (kind: string, bytes: Buffer) => {
    const res = await upload(http, token, kind, bytes);
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const [identityProofId, addressProofId, slip, selfie] = [
    await id('identityProof', pdf('PAN card')),
    await id('addressProof', pdf('Utility bill')),
    await id('salarySlip', pdf('Salary slip')),
    await id('selfie', jpeg(640, 640)),
  ];
  const home = { line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pinCode: '560001', yearsAtAddress: 3 };
  const answers: Record<string, object> = {
    profile: { dateOfBirth: '1990-04-15', gender: 'female', maritalStatus: 'single' },
    address: { current: home, permanent: home },
    bank: { holderName: 'Asha Rao', accountNumber: '123456789012', ifsc: 'HDFC0001234', accountType: 'savings' },
    documents: { pan: 'ABCDE1234F', aadhaarLast4: '1234', identityProofId, addressProofId, incomeProofIds: [slip] },
    employment: { employer: 'Acme Pvt Ltd', employmentType: 'salaried', monthlyNetIncome: 8_500_000, payDayOfMonth: 1 },
    reference: {
      references: [
        { name: 'Ravi Kumar', relation: 'brother', phone: `+91${ownPhoneDigits.slice(0, 9)}1` },
        { name: 'Meera Iyer', relation: 'friend', phone: `+91${ownPhoneDigits.slice(0, 9)}2` },
      ],
    },
    selfie: { documentId: selfie },
  };
  for (const [section, body] of Object.entries(answers)) {
    const res = await http.put(`/api/me/profile/${section}`).set(b).send(body);
    expect({ section, status: res.status, body: res.body }).toEqual(expect.objectContaining({ section, status: 200 }));
  }
  return { identityProofId, addressProofId, slip, selfie };
}
