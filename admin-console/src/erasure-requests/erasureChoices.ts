export const ERASURE_STATUS_CHOICES = [
  { id: 'requested', name: 'Waiting' },
  { id: 'carried-out', name: 'Carried out' },
];
