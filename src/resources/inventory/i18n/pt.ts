import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The inventory screens' words (stock, adding devices, prices) and their menu entry's, in
 * Portuguese: found by their place and merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const pt = {
    menu: {
        inventory: 'Inventário',
    },
    inventory: {
        title: 'Inventário',
        add_title: 'Adicionar aparelhos',
        update_title: 'Atualizar preços dos telefones',
        add: 'Adicionar aparelhos',
        update_prices: 'Atualizar preços',
        open_customer: 'Abrir o cliente que comprou %{imei}',
        back: 'Inventário',
        count: '%{smart_count} aparelho |||| %{smart_count} aparelhos',
        fields: {
            imei: 'IMEI',
            sku: 'Código (SKU)',
            model: 'Modelo de telefone',
            store: 'Loja',
            status: 'Estado',
            cash_price: 'Preço a pronto',
            deposit: 'Entrada',
            instalment_amount: 'Prestação',
            created_at: 'Adicionado',
            q: 'Pesquisar',
        },
        statuses: {
            any: 'Todos os estados',
            in_stock: 'Em stock',
            reserved: 'Reservado',
            sold: 'Vendido',
            returned: 'Devolvido',
        },
        one: {
            title: 'Um aparelho',
            help: 'Leia ou escreva o IMEI de 15 dígitos.',
            submit: 'Adicionar aparelho',
            added: 'Aparelho %{imei} adicionado a %{store}',
            store_help: 'Deixe vazio para a sua própria loja',
        },
        bulk: {
            title: 'Vários aparelhos de um ficheiro CSV',
            help: 'A primeira linha nomeia as colunas: sku, imei e, se quiser, store_id. Depois, um aparelho por linha. Enviar o mesmo ficheiro de novo não adiciona nada duas vezes.',
            choose: 'Escolher um ficheiro CSV',
            file: 'Ficheiro: %{name} (%{smart_count} linha) |||| Ficheiro: %{name} (%{smart_count} linhas)',
            send: 'Adicionar estes aparelhos',
            no_rows: 'O ficheiro não tem linhas de aparelhos.',
            missing_columns: 'A primeira linha do ficheiro tem de nomear as colunas sku e imei.',
            unreadable: 'Não foi possível ler o ficheiro.',
            progress: 'Enviadas %{done} de %{total} linhas',
            done: 'Concluído: %{accepted} adicionados, %{duplicates} já em stock ou repetidos, %{invalid} inválidos',
            stopped: 'O envio parou: %{reason} As linhas já enviadas ficam; envie o resto quando puder.',
            resume: 'Enviar o resto',
            only_problems: 'Só as linhas não adicionadas',
            row: 'Linha',
            result: 'Resultado',
            reason: 'Motivo',
            results: { accepted: 'Adicionado', duplicate: 'Duplicado', invalid: 'Inválido' },
            bad_store_id: 'store_id tem de ser um número inteiro',
            store_not_allowed: 'Esta loja não é sua.',
            too_long: 'Este valor é demasiado longo',
            results_title: 'Resultado de cada linha',
        },
        prices: {
            choose_model: 'Modelo de telefone',
            now: 'Agora: %{amount}',
            was: 'Antes',
            will_be: 'Depois',
            add_change: 'Juntar às alterações',
            changes_title: 'Alterações a fazer',
            none: 'Ainda sem alterações: escolha um modelo e escreva os novos preços.',
            remove: 'Retirar a alteração de %{sku}',
            submit: 'Atualizar preços',
            confirm_title: 'Atualizar estes preços?',
            confirm_content:
                'Os preços de %{smart_count} modelo mudam de imediato, para cada nova venda. |||| Os preços de %{smart_count} modelos mudam de imediato, para cada nova venda.',
            updated: 'Preços atualizados para %{smart_count} modelo |||| Preços atualizados para %{smart_count} modelos',
            amount_invalid: 'Um valor acima de 0 com no máximo 2 casas decimais',
            deposit_above_cash: 'A entrada não pode exceder o preço a pronto',
            result_title: 'Preços agora',
            preview: 'Pré-visualizar as alterações',
            preview_title: 'O que a atualização vai fazer',
            applies: 'Aplica-se',
            at_once: 'De imediato',
            needs_checker: 'Precisa de um verificador',
            reference: 'Máximo das últimas 24 horas: %{amount}',
            needs_checker_note:
                'Um preço mais de 20% abaixo do seu máximo das últimas 24 horas aguarda um verificador: %{smart_count} modelo mantém o preço até outra pessoa a aprovar. |||| Um preço mais de 20% abaixo do seu máximo das últimas 24 horas aguarda um verificador: %{smart_count} modelos mantêm os preços até outra pessoa as aprovar.',
            confirm_content_checker:
                '%{at_once} modelo(s) mudam de imediato, para todas as novas vendas; %{smart_count} redução segue primeiro para um verificador. |||| %{at_once} modelo(s) mudam de imediato, para todas as novas vendas; %{smart_count} reduções seguem primeiro para um verificador.',
            updated_requested:
                'Preços atualizados em %{smart_count} modelo; %{requested} redução(ões) enviada(s) a um verificador |||| Preços atualizados em %{smart_count} modelos; %{requested} redução(ões) enviada(s) a um verificador',
        },
    },
} satisfies TranslationOf<typeof en>;

export default pt;
