import { Link } from 'react-router';
import { EmiCalculator } from '../../components/EmiCalculator';

export default function EmiCalculatorPage() {
  return (
    <article className="container section">
      <h1>EMI calculator</h1>
      <p className="lead">Change any figure and the EMI, the total interest and the schedule follow. Amounts are in rupees; interest is on the reducing balance.</p>
      <EmiCalculator />
      <p className="actions">
        <Link className="button button--primary" to="/User/newLoan/Emi">
          Apply for a personal loan
        </Link>
      </p>
    </article>
  );
}
