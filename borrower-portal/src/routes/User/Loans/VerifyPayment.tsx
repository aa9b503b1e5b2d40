import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '@lending/web-common/format';
import type { ApiError } from '@lending/web-common/http';
import { paymentOutcome, type MyPayment } from '@lending/web-common/servicing';
import { getPayment } from '../../../api/servicing';
import { POLL_GIVE_UP_MS, pollDelay } from '../../../lending/payment-polling';

type Watch = { payment: MyPayment | null; error: ApiError | null; gaveUp: boolean };

/** Payments carry no currency: the deployment's one (docs/operations.md CURRENCY). */
const CURRENCY = 'INR';

/** Asks GET /api/me/payments/:id until the payment is final (or it is time to stop asking). */
function usePayment(paymentId: string | null): Watch {
  const [watch, setWatch] = useState<Watch>({ payment: null, error: null, gaveUp: false });
  useEffect(() => {
    if (!paymentId) return;
    const controller = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const ask = async () => {
      attempt += 1;
      try {
        const payment = await getPayment(paymentId, controller.signal);
        setWatch({ payment, error: null, gaveUp: false });
        if (payment.final) return;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        const status = (error as ApiError).status;
        // Not found or not theirs is an answer; a dropped connection is worth another try.
        if (status === 404 || status === 403 || status === 400) {
          setWatch({ payment: null, error: error as ApiError, gaveUp: false });
          return;
        }
      }
      if (Date.now() - started >= POLL_GIVE_UP_MS) setWatch((w) => ({ ...w, gaveUp: true }));
      else timer = setTimeout(() => void ask(), pollDelay(attempt));
    };
    void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [paymentId]);
  return watch;
}

/** /User/Loans/verifypayment?paymentId=…: where the payment provider sends the borrower back. */
export default function VerifyPayment() {
  const [search] = useSearchParams();
  const paymentId = search.get('paymentId');
  const { payment, error, gaveUp } = usePayment(paymentId);
  const outcome = payment ? paymentOutcome(payment.status) : null;
  const back = payment ? (
    <Link className="button button--primary" to={`/User/Loans/${payment.loanId}`}>
      Back to your loan
    </Link>
  ) : (
    <Link className="button button--primary" to="/User/Loans">
      Back to my loans
    </Link>
  );

  let title = 'Checking your payment…';
  let message = 'We are waiting for the payment partner to confirm. This usually takes a few seconds; you can keep this page open.';
  let tone = 'progress';
  if (!paymentId) {
    title = 'No payment to check';
    message = 'This address names no payment. Open your loan to see its payments and pay again if you need to.';
    tone = 'bad';
  } else if (error) {
    title = 'We could not find this payment';
    message =
      error.status === 404 || error.status === 403
        ? 'It is not a payment on your account. Open your loan to see what you have paid.'
        : error.message;
    tone = 'bad';
  } else if (payment && outcome === 'success') {
    title = 'Payment received';
    message = `Thank you: ${formatMoney(payment.amount, CURRENCY)} is paid into your loan.`;
    tone = 'good';
  } else if (payment && outcome === 'failure') {
    title = 'The payment did not go through';
    message = `No money was taken for ${formatMoney(payment.amount, CURRENCY)}. You can try again from your loan.`;
    tone = 'bad';
  } else if (payment && outcome === 'review') {
    title = 'We are checking your payment';
    message =
      'The amount the payment partner confirmed differs from the one you chose, so our team checks it before it counts. We will let you know.';
    tone = 'action';
  } else if (gaveUp) {
    title = 'Still waiting for confirmation';
    message =
      'The payment partner has not confirmed yet. If money was taken, it will show on your loan once they do; you do not need to pay again.';
    tone = 'action';
  }

  return (
    <section className={`card payment-result payment-result--${tone}`} aria-labelledby="payment-title">
      <p className="breadcrumb">
        <Link to="/User/Loans">My loans</Link> / Payment
      </p>
      {/* One live region holds the whole outcome, so a screen reader hears each change once, in full. */}
      <div
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-testid="payment-outcome"
        data-outcome={outcome ?? (error || !paymentId ? 'failure' : 'waiting')}
      >
        <h1 id="payment-title">{title}</h1>
        <p>{message}</p>
      </div>
      <div className="actions">{back}</div>
    </section>
  );
}
