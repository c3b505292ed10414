import { clone, newId, nowSeconds } from "./ids.js";
import { DECLINES } from "./test-cards.js";
export function newCharge({ state }, pi, pm, outcome) {
    const decline = outcome === "success" ? undefined : DECLINES[outcome];
    const { card } = pm;
    const charge = {
        id: newId("ch"),
        object: "charge",
        amount: pi.amount,
        amount_captured: decline ? 0 : pi.amount,
        amount_refunded: 0,
        application: null,
        application_fee: null,
        application_fee_amount: null,
        balance_transaction: decline ? null : newId("txn"),
        billing_details: clone(pm.billing_details),
        calculated_statement_descriptor: pi.statement_descriptor,
        captured: !decline,
        created: nowSeconds(),
        currency: pi.currency,
        customer: pi.customer,
        description: pi.description,
        disputed: false,
        failure_balance_transaction: null,
        failure_code: decline ? decline.code : null,
        failure_message: decline ? decline.message : null,
        fraud_details: null,
        livemode: false,
        metadata: clone(pi.metadata),
        on_behalf_of: null,
        outcome: {
            advice_code: null,
            network_advice_code: null,
            network_decline_code: null,
            ...(decline
                ? {
                    network_status: "declined_by_network",
                    reason: decline.decline_code,
                    risk_level: "normal",
                    seller_message: "The bank did not return any further details with this decline.",
                    type: "issuer_declined",
                }
                : {
                    network_status: "approved_by_network",
                    reason: null,
                    risk_level: "normal",
                    seller_message: "Payment complete.",
                    type: "authorized",
                }),
        },
        paid: !decline,
        payment_intent: pi.id,
        payment_method: pm.id,
        payment_method_details: {
            type: "card",
            card: {
                amount_authorized: decline ? null : pi.amount,
                authorization_code: null,
                brand: card.brand,
                checks: clone(card.checks),
                country: card.country,
                electronic_commerce_indicator: null,
                exp_month: card.exp_month,
                exp_year: card.exp_year,
                funding: card.funding,
                installments: null,
                last4: card.last4,
                mandate: null,
                network: card.brand,
                network_transaction_id: null,
                regulated_status: card.regulated_status,
                three_d_secure: null,
                transaction_link_id: null,
                wallet: null,
            },
        },
        receipt_email: pi.receipt_email,
        receipt_number: null,
        receipt_url: null,
        refunded: false,
        review: null,
        shipping: null,
        source: null,
        source_transfer: null,
        statement_descriptor: pi.statement_descriptor,
        statement_descriptor_suffix: null,
        status: decline ? "failed" : "succeeded",
        transfer_data: null,
        transfer_group: null,
    };
    state.charges[charge.id] = charge;
    return charge;
}
//# sourceMappingURL=charges.js.map