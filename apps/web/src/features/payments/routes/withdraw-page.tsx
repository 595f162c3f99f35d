import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useMatches, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { deepestHandle } from '../../../shared/route-handle';
import { useBalance, useVerificationStatus } from '../api-money';
import { LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { RepaymentForm } from '../components/refund-repayment-form';
import { VerificationBlock } from '../components/verification-block';
import { moneyMessages as m } from '../messages-money';
import { amountFieldFromRoubles, isVerificationPassed } from '../model';

/**
 * `/withdraw?amountInit=` (spec §2): the payout form with the amount pre-filled in roubles. The
 * route guard lets only a confirmed phone in; should the confirmation lapse meanwhile (a 403), the
 * confirmation takes the form's place here.
 */
export default function WithdrawPage() {
  const title = deepestHandle(useMatches())?.title ?? '';
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const balance = useBalance(1);
  const verification = useVerificationStatus('repayment');
  const initialAmount = amountFieldFromRoubles(searchParams.get('amountInit'));

  let content;
  if (balance.data && verification.data) {
    content = isVerificationPassed(verification.data) ? (
      <RepaymentForm
        available={balance.data.money}
        initialAmount={initialAmount}
        onDone={() => void navigate(paths.payments.getHref('balance'))}
      />
    ) : (
      <VerificationBlock purpose="repayment" status={verification.data} />
    );
  } else if (balance.isError || verification.isError) {
    const failed = balance.isError ? balance : verification;
    content = (
      <LoadError title={m.balanceLoadFailed} error={failed.error} onRetry={() => void failed.refetch()} />
    );
  } else {
    content = <LoadingRows rows={2} label={m.movementsLoading} />;
  }

  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Text>{m.withdrawIntro}</Text>
      {content}
      <Anchor component={Link} to={paths.payments.getHref('balance')}>
        {m.withdrawBack}
      </Anchor>
    </Stack>
  );
}
